/** Being built (issue 4). */
export function ExplorePage() {
  return null;
}
