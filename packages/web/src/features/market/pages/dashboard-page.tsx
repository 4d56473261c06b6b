/** Being built (issue 4). */
export function DashboardPage() {
  return null;
}
