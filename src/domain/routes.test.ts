import { describe, expect, it } from 'vitest';
import { matchRoute, paths } from './routes.ts';

describe('paths', () => {
  it('fills the parameter of a route and the router matches the result', () => {
    expect(paths.taskDetail('t-1')).toBe('/tasks/t-1');
    expect(paths.adminCompensation('u-9')).toBe('/admin/compensation/u-9');
    expect(matchRoute(paths.taskDetail('t-1'))).toEqual({ kind: 'app', page: 'taskDetail' });
  });

  it('keeps a value to one path segment', () => {
    expect(paths.taskDetail('a/b?c')).toBe('/tasks/a%2Fb%3Fc');
  });

  it('gives fixed pages as they are', () => {
    expect(paths.compensation).toBe('/compensation');
    expect(paths.home).toBe('/');
  });
});
