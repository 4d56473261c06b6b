// Entry point. Node's compile cache keeps the compiled modules between runs (faster restarts);
// it must be enabled before the rest of the server is imported, hence the dynamic import.
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { runServerProcess } = await import('./server-process.ts');
runServerProcess().catch((error: unknown) => {
  console.error('StockPulse failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
