/**
 * A list request's query string from its parameters, leaving out what is at its default (page 1,
 * no search, 'all'), so equal lists have equal addresses.
 */
export function listSearch(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === 'all') continue;
    if (name === 'page' && value === 1) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
