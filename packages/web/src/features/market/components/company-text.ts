import type { Company } from '@app/shared/api/companies';

function toolSummary(tools: readonly unknown[]): string {
  const [first] = tools;
  if (typeof first !== 'object' || first === null) return '';
  const fn = (first as { function?: unknown }).function;
  if (typeof fn !== 'object' || fn === null) return '';
  let args = (fn as { arguments?: unknown }).arguments;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args) as unknown;
    } catch {
      return '';
    }
  }
  if (typeof args !== 'object' || args === null) return '';
  const summary = (args as { summary?: unknown }).summary;
  return typeof summary === 'string' ? summary.trim() : '';
}

/**
 * The text that describes a company: its business summary, else the AI summary, else (spec §3)
 * the summary in the first tool call's arguments; '' when there is none.
 */
export function companySummary(
  company: Pick<Company, 'long_business_summary' | 'ai_summary' | 'tools'>,
): string {
  return (
    company.long_business_summary.trim() || company.ai_summary?.trim() || toolSummary(company.tools)
  );
}

/** A website as a safe absolute http(s) URL and the host to show, or null when unusable. */
export function websiteLink(website: string): { href: string; host: string } | null {
  const trimmed = website.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { href: url.href, host: url.host.replace(/^www\./, '') };
  } catch {
    return null;
  }
}

/** Two letters for a logo placeholder: 'Apple Inc.' → 'AP', 'Advanced Micro Devices' → 'AM'. */
export function companyInitials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return (words[0] ?? '').slice(0, 2).toUpperCase();
  return `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`.toUpperCase();
}
