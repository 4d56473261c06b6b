/**
 * The item numbers of Form 8-K and their names (SEC Form 8-K General Instructions B and the
 * item headings), so a filing summary such as `Item 2.02` reads as what happened.
 */
export const FORM_8K_ITEMS: Readonly<Record<string, string>> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.03': 'Bankruptcy or Receivership',
  '1.04': 'Mine Safety - Reporting of Shutdowns and Patterns of Violations',
  '1.05': 'Material Cybersecurity Incidents',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.03': 'Creation of a Direct Financial Obligation',
  '2.04': 'Triggering Events That Accelerate or Increase a Direct Financial Obligation',
  '2.05': 'Costs Associated with Exit or Disposal Activities',
  '2.06': 'Material Impairments',
  '3.01': 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule',
  '3.02': 'Unregistered Sales of Equity Securities',
  '3.03': 'Material Modification to Rights of Security Holders',
  '4.01': "Changes in Registrant's Certifying Accountant",
  '4.02': 'Non-Reliance on Previously Issued Financial Statements',
  '5.01': 'Changes in Control of Registrant',
  '5.02': 'Departure or Appointment of Directors or Certain Officers',
  '5.03': 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year',
  '5.04': "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans",
  '5.05': 'Amendments to the Code of Ethics, or Waiver of a Provision of the Code of Ethics',
  '5.06': 'Change in Shell Company Status',
  '5.07': 'Submission of Matters to a Vote of Security Holders',
  '5.08': 'Shareholder Director Nominations',
  '6.01': 'ABS Informational and Computational Material',
  '6.02': 'Change of Servicer or Trustee',
  '6.03': 'Change in Credit Enhancement or Other External Support',
  '6.04': 'Failure to Make a Required Distribution',
  '6.05': 'Securities Act Updating Disclosure',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};

/** One reported item: its number and name (ours, else the filing's own words, else generic). */
export type FilingItem = { number: string; name: string };

/** The items a filing summary lists (`Item 2.02: Results of …`), in order, each once. */
export function filingItems(summary: string): FilingItem[] {
  const items: FilingItem[] = [];
  for (const match of summary.matchAll(/\bItem\s+(\d{1,2}\.\d{2})\b(?::\s*([^\n]*))?/gi)) {
    const number = match[1] ?? '';
    if (items.some((item) => item.number === number)) continue;
    const name = FORM_8K_ITEMS[number] ?? match[2]?.trim() ?? `Item ${number}`;
    items.push({ number, name: name || `Item ${number}` });
  }
  return items;
}

/**
 * The item that makes the headline: the first one other than the exhibits list (9.01) and
 * Regulation FD (7.01, usually a press release accompanying a more specific item).
 */
export function headlineItem(items: readonly FilingItem[]): FilingItem | undefined {
  return (
    items.find((item) => item.number !== '9.01' && item.number !== '7.01') ??
    items.find((item) => item.number !== '9.01') ??
    items[0]
  );
}
