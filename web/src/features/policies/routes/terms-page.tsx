import { PUBLIC_PAGES } from "@app/contracts";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { PLATFORM, SITE } from "@/config/site";
import { PolicyBody, PolicySection } from "@/features/policies/components/policy-section";
import { usePublicPageMeta } from "@/lib/use-document-title";

export function TermsPage() {
  usePublicPageMeta(PUBLIC_PAGES.terms);
  const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;
  return (
    <>
      <PageHeader eyebrow="Terms" title="Terms of Service">
        The rules for using the {SITE.name} website.
      </PageHeader>
      <PolicyBody updated="26 November 2026">
        <PolicySection id="about-these-terms" title="About these terms">
          <p>
            This website is run by {SITE.name}, a music company in {SITE.city}. By using it you accept these
            terms. If you do not, please do not use the site.
          </p>
        </PolicySection>

        <PolicySection id="content" title="Our content">
          <p>
            The text, pictures, music, videos, names and logos on this site belong to {SITE.name} or to the
            artists and partners who let us show them. You may look at, listen to and share links to them for
            your own, non-commercial use. Copying, republishing or using them in other work needs our written
            permission, or the rights holder&rsquo;s.
          </p>
        </PolicySection>

        <PolicySection id="forms" title="Our forms and newsletter">
          <ul>
            <li>
              Send only your own details, and only true ones. Do not send anything unlawful, abusive or
              harmful, or use the forms for advertising.
            </li>
            <li>
              The forms accept a limited number of submissions from one address in a short time, so that spam
              cannot flood them.
            </li>
            <li>
              A message or an application does not make an agreement or a job offer. Any work together, a
              booking or employment is agreed separately and in writing.
            </li>
            <li>
              The newsletter starts only once you confirm the link we e-mail you, and ends whenever you ask
              us.
            </li>
          </ul>
          <p>
            How we handle what you send us is described in our{" "}
            <Link to={PUBLIC_PAGES.privacy.path}>Privacy Notice</Link>.
          </p>
        </PolicySection>

        <PolicySection id="other-sites" title="Other sites">
          <p>
            The site links to and embeds other services: social media, a music-streaming playlist, and{" "}
            {PLATFORM.name}, our own platform, which has its own terms. We are not responsible for what other
            sites publish or how they work.
          </p>
        </PolicySection>

        <PolicySection id="staff-area" title="The staff area">
          <p>
            The sign-in page and the back office behind it are for {SITE.name}&rsquo;s staff, with accounts we
            give them. Do not try to get in without one, or to get around the site&rsquo;s security.
          </p>
        </PolicySection>

        <PolicySection id="liability" title="Availability and liability">
          <p>
            We keep the site accurate and running as well as we can, but provide it as it is: it may be
            unavailable at times, and what it says about projects, roles and events may change. As far as the
            law allows, we are not liable for indirect loss from using the site. Nothing in these terms limits
            rights that the law gives you and that cannot be waived.
          </p>
        </PolicySection>

        <PolicySection id="law" title="Changes and applicable law">
          <p>
            We may change these terms; the date above shows the last change. Swedish law applies, and disputes
            go to the Swedish courts. Questions about these terms: {mail}.
          </p>
        </PolicySection>
      </PolicyBody>
    </>
  );
}
