/** Being built (issue 4). */
export function SearchPage() {
  return null;
}
