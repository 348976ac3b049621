export { AdminCompensationPage } from './admin-compensation-page.tsx';
export { AdminCreatorsPage } from './admin-creators-page.tsx';
export { CompensationPage } from './compensation-page.tsx';
