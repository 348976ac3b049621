export { AdminCompensationPage } from './admin-compensation-page.tsx';
export { AdminInfluencersPage } from './admin-influencers-page.tsx';
export { CompensationPage } from './compensation-page.tsx';
