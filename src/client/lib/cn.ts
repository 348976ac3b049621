/**
 * Joins class names (conditions, arrays, objects). Nothing merges conflicting utilities: which of
 * two classes setting the same property wins depends on the stylesheet's order, not on their
 * order here. So a component's own classes and a caller's `className` never set the same thing
 * (a shorthand and its longhand, such as `px-3 pl-9`, are fine: Tailwind orders longhands last),
 * and a state swaps whole sets of classes (`isActive ? a : b`) instead of adding overrides.
 */
export { clsx as cn } from 'clsx';
