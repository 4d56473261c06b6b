/** Being built (issue 4). */
export function CompanyPage() {
  return null;
}
