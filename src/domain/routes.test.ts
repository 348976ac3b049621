import { describe, expect, it } from 'vitest';
import { appPaths, matchRoute, paths, routeParams } from './routes.ts';

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

describe('routeParams', () => {
  it('reads the values of a pattern as written, whatever the letter case and trailing slash', () => {
    expect(routeParams(appPaths.taskDetail, '/tasks/t-1')).toEqual({ id: 't-1' });
    expect(routeParams(appPaths.taskDetail, '/TASKS/a%2Fb/')).toEqual({ id: 'a%2Fb' });
    expect(routeParams(appPaths.tasks, '/tasks')).toEqual({});
  });

  it('matches nothing else', () => {
    expect(routeParams(appPaths.taskDetail, '/tasks')).toBeUndefined();
    expect(routeParams(appPaths.taskDetail, '/tasks/t-1/files')).toBeUndefined();
    expect(routeParams(appPaths.taskDetail, '/task/t-1')).toBeUndefined();
  });
});
