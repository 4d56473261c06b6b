/** Being built (issue 4). */
export function MyTopicsPage() {
  return null;
}
