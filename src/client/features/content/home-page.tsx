import { AboutSection } from './home/about-section.tsx';
import { CallToActionSection } from './home/call-to-action-section.tsx';
import { HeroSection } from './home/hero-section.tsx';
import { JoinSection } from './home/join-section.tsx';
import { ServicesOverview } from './home/services-overview.tsx';
import { SoftwareSection } from './home/software-section.tsx';

/** The home page's sections, in the order docs/product.md gives them ("Home"). */
export function HomePage() {
  return (
    <main id="main" tabIndex={-1}>
      <HeroSection />
      <ServicesOverview />
      <AboutSection />
      <SoftwareSection />
      <CallToActionSection />
      <JoinSection />
    </main>
  );
}
