/**
 * Whether a failed statement broke a unique constraint: PostgreSQL names the constraint
 * (SQLSTATE 23505), SQLite names the columns ("UNIQUE constraint failed: t.a, t.b"). Lets a
 * service rely on the constraint for "only one", also when two requests race, and answer 409.
 */
export function isUniqueViolation(
  error: unknown,
  unique: { constraint: string; table: string; columns: readonly string[] },
): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code === '23505') return constraint === unique.constraint;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string') {
    const columns = unique.columns.map((column) => `${unique.table}.${column}`).join(', ');
    return message.endsWith(`failed: ${columns}`);
  }
  return false;
}
