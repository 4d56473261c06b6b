import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const dist = '/work/main/packages/web/dist', assets = path.join(dist,'assets');
function scriptsOf(h){const html=readFileSync(path.join(dist,h),'utf8');const s=new Set();for(const m of html.matchAll(/<(?:script|link)\b[^>]*>/g)){const t=m[0];const ok=t.startsWith('<script')||/rel="modulepreload"/.test(t);const u=/(?:src|href)="\/assets\/([^"]+\.js)"/.exec(t)?.[1];if(ok&&u)s.add(u)}return s}
function wi(f,into=new Set()){if(into.has(f))return into;into.add(f);const c=readFileSync(path.join(assets,f),'utf8');for(const m of c.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g))wi(m[1],into);return into}
const chunk=n=>readdirSync(assets).find(f=>new RegExp(`^${n}-[\\w-]{8}\\.js$`).test(f));
const page=process.argv[2]; const files=new Set();for(const f of scriptsOf('index.html'))wi(f,files); const shell=new Set(files); if(page)wi(chunk(page),files);
const group = (k) => { const m = /nm\/@mantine\/core\/esm\/components\/(\w+)/.exec(k); if (m) return 'mantine:'+m[1]; if (/nm\/@mantine\/core\/esm\/core/.test(k)) return 'mantine:core/'+(/core\/(\w+)/.exec(k.replace('nm/@mantine/core/esm/',''))?.[1]); if (/nm\/@tabler/.test(k)) return 'icons'; if(/nm\/@mantine\/hooks/.test(k)) return 'mantine-hooks'; if(/nm\/react-dom|nm\/react\/|nm\/scheduler/.test(k)) return 'react'; if(/nm\/react-router/.test(k)) return 'react-router'; if(/nm\/@tanstack/.test(k)) return 'tanstack'; return k; };
const by = new Map();
for (const f of files) { if (shell.has(f) && page) continue; try { readFileSync(path.join(assets,f)+'.map') } catch { continue }
  const code = readFileSync(path.join(assets,f),'utf8'); const map = new SourceMapConsumer(JSON.parse(readFileSync(path.join(assets,f)+'.map','utf8')));
  const lines = code.split('\n'); let prev=null;
  map.eachMapping((m)=>{ if(prev){const l=lines[prev.generatedLine-1]; const end=m.generatedLine===prev.generatedLine?m.generatedColumn:l.length; const k=group((prev.source??'?').replace(/.*node_modules\//,'nm/')); by.set(k,(by.get(k)??'')+l.slice(prev.generatedColumn,end));} prev=m;});
}
const rows=[...by].map(([k,t])=>[k,t.length,gzipSync(t,{level:9}).length]).sort((a,b)=>b[2]-a[2]);
let tot=0; for(const r of rows) tot+=r[2];
console.log('sum of separately gzipped', (tot/1024).toFixed(1));
for(const r of rows.slice(0,+(process.argv[3]??60)))console.log(String(r[1]).padStart(7),String(r[2]).padStart(6),r[0]);
