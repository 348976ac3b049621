import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './current-user.ts';

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeReturnPath('/admin/users')).toBe('/admin/users');
    expect(safeReturnPath('/tasks?status=new#top')).toBe('/tasks?status=new#top');
  });

  it('ignores anything that could leave the site, and the login page itself', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
    expect(safeReturnPath('/login?returnTo=/x')).toBeNull();
  });
});
