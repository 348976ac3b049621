// The content area's pages, one chunk. The legal pages are chunks of their own (legal/), so their
// long texts never weigh on the other pages.
export { AboutPage } from './about-page.tsx';
export { HomePage } from './home-page.tsx';
export { NotFoundPage } from './not-found-page.tsx';
export { ServicesPage } from './services-page.tsx';
export { ThankYouPage } from './thank-you-page.tsx';
