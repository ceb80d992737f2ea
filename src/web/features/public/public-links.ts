/** The landing page's sections, in page order; the header links to each as /#id. */
export const landingSections = [
  { id: 'home', labelKey: 'public.header.sections.home' },
  { id: 'how-it-works', labelKey: 'public.header.sections.howItWorks' },
  { id: 'features', labelKey: 'public.header.sections.features' },
  { id: 'contact-us', labelKey: 'public.header.sections.contactUs' },
] as const;

/** docs/product.md, section 2 lists exactly these footer links, grouped here for reading. */
export const footerLinkGroups = [
  {
    headingKey: 'public.footer.companyHeading',
    links: [
      { to: '/', labelKey: 'public.footer.links.home' },
      { to: '/about', labelKey: 'public.footer.links.about' },
      { to: '/team', labelKey: 'public.footer.links.team' },
      { to: '/privacy-policy', labelKey: 'public.footer.links.privacy' },
    ],
  },
  {
    headingKey: 'public.footer.helpHeading',
    links: [
      { to: '/services', labelKey: 'public.footer.links.services' },
      { to: '/track-shipment', labelKey: 'public.footer.links.track' },
      { to: '/faq', labelKey: 'public.footer.links.faq' },
      { to: '/contact-us', labelKey: 'public.footer.links.contact' },
    ],
  },
] as const;
