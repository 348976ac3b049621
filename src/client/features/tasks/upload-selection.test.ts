import { describe, expect, it } from 'vitest';
import { overallProgress, perFileProgress, selectionProblem } from './upload-selection.ts';

describe('checking a selection before it is sent', () => {
  it('refuses more files than the task takes', () => {
    expect(selectionProblem(4, 0, 3)).toEqual({ kind: 'too_many', max: 3 });
  });

  it('refuses more than the task takes together with the files already there', () => {
    expect(selectionProblem(2, 2, 3)).toEqual({ kind: 'limit_exceeded', max: 3, current: 2 });
  });

  it('lets a selection that fits go', () => {
    expect(selectionProblem(1, 2, 3)).toBeNull();
    expect(selectionProblem(3, 0, 3)).toBeNull();
  });
});

describe('each file’s progress', () => {
  it('fills the files in the order they are sent', () => {
    expect(perFileProgress([100, 100], 0)).toEqual([0, 0]);
    expect(perFileProgress([100, 100], 25)).toEqual([50, 0]);
    expect(perFileProgress([100, 100], 75)).toEqual([100, 50]);
    expect(perFileProgress([100, 300], 100)).toEqual([100, 100]);
  });

  it('copes with empty files and percentages out of range', () => {
    expect(perFileProgress([0, 100], 50)).toEqual([0, 50]);
    expect(perFileProgress([0], 100)).toEqual([100]);
    expect(perFileProgress([100], 140)).toEqual([100]);
  });
});

describe('overallProgress', () => {
  it('weighs each file by its size', () => {
    expect(overallProgress([100, 300], [100, 0])).toBe(25);
    expect(overallProgress([100, 300], [100, 50])).toBe(62);
    expect(overallProgress([100, 300], [100, 100])).toBe(100);
  });

  it('is done for empty files only once each is', () => {
    expect(overallProgress([0, 0], [100, 0])).toBe(0);
    expect(overallProgress([0, 0], [100, 100])).toBe(100);
  });
});
