/** Being built (issue 4). */
export function StockRegisterPage() {
  return null;
}
