import type { ComponentChildren } from 'preact';

/** A region named by its h2, so a screen reader's landmarks and a test's getByRole('region') find it. */
export const Section = ({ id, title, children }: { id: string; title: string; children: ComponentChildren }) => (
  <section id={id} aria-labelledby={`${id}-heading`}>
    <h2 id={`${id}-heading`}>{title}</h2>
    {children}
  </section>
);
