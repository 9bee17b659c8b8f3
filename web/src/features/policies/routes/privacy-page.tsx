import { PUBLIC_PAGES } from "@app/contracts";
import { Link } from "react-router-dom";
import { ExternalLink } from "@/components/layout/external-link";
import { PageHeader } from "@/components/layout/page-header";
import { SITE } from "@/config/site";
import { PolicyBody, PolicySection } from "@/features/policies/components/policy-section";
import { usePublicPageMeta } from "@/lib/use-document-title";

/*
 * Every statement here describes what the site's server actually does with the forms' data: what each form
 * stores, the double opt-in, the keyed IP hash and the ten-minute rate-limit counter, the daily backups
 * (the newest fourteen kept), and the export and erasure the back office runs for one e-mail address.
 * Change the text when that behaviour changes.
 */
export function PrivacyPage() {
  usePublicPageMeta(PUBLIC_PAGES.privacy);
  const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;
  return (
    <>
      <PageHeader eyebrow="Privacy" title="Privacy Notice">
        What we collect through this website, why, how long we keep it, who sees it, and how to get a copy or
        have it erased.
      </PageHeader>
      <PolicyBody updated="26 November 2026">
        <PolicySection id="who-we-are" title="Who we are">
          <p>
            {SITE.name} is a music company founded by songwriters in {SITE.city} in {SITE.founded}. We are
            responsible for the personal data this website collects (the &ldquo;controller&rdquo; under the EU
            General Data Protection Regulation, GDPR). Write to us about anything in this notice at {mail}.
          </p>
        </PolicySection>

        <PolicySection id="what-we-collect" title="What we collect and why">
          <p>
            We only collect what you type into one of the site&rsquo;s three forms, and what every visit
            sends.
          </p>
          <ul>
            <li>
              <strong>Contact form:</strong> your name, e-mail address, subject and message, so that we can
              read and answer it. We rely on our legitimate interest in answering people who write to us, or,
              when you ask about working with us, on taking the steps you asked for before an agreement.
            </li>
            <li>
              <strong>Job applications</strong> (Work With Us): your first and last name, e-mail address, the
              role you are interested in, your portfolio or website if you give one, your experience and why
              you want to join, so that we can consider your application and get back to you. The basis is
              taking the steps you asked for before a possible contract.
            </li>
            <li>
              <strong>Newsletter:</strong> your e-mail address and the topics you tick. We first send one
              e-mail with a confirmation link; you are only subscribed once you follow it. The basis is your
              consent, which you can withdraw at any time.
            </li>
            <li>
              <strong>Protection against abuse:</strong> with each message and application we store a keyed
              hash of your IP address (not the address itself), and for ten minutes the server counts the
              forms sent from your IP address, to stop spam and floods. The basis is our legitimate interest
              in keeping the forms usable.
            </li>
            <li>
              <strong>Server logs:</strong> like any web server, ours logs each request with its time, the
              page or file asked for and the IP address it came from, to run the site and keep it secure.
            </li>
          </ul>
          <p>
            The public pages set no cookies and use no analytics or advertising trackers. Only staff who sign
            in to our back office get a sign-in session stored in their browser.
          </p>
        </PolicySection>

        <PolicySection id="how-long" title="How long we keep it">
          <ul>
            <li>
              <strong>Messages and applications</strong> stay in our inbox for as long as we need them to
              answer you or consider your application. Nothing deletes them on a timer, so ask us and we erase
              them (see below).
            </li>
            <li>
              <strong>Your newsletter subscription</strong> lasts until you ask us to end it. A sign-up you
              never confirm expires after 48 hours and is deleted with the next sign-up.
            </li>
            <li>
              <strong>The record of the confirmation mail we sent you</strong> (its kind, subject and time,
              never its content or link) is kept until you ask us to erase your data.
            </li>
            <li>
              <strong>The count of forms sent from your IP address</strong> is removed once its ten-minute
              window is over.
            </li>
            <li>
              <strong>Backups:</strong> we back up the site&rsquo;s data once a day and keep the newest
              fourteen, so something erased can remain in a backup for about two weeks. Backups are never
              edited; if one is ever restored, every erasure made after it is applied again.
            </li>
          </ul>
        </PolicySection>

        <PolicySection id="who-sees-it" title="Who sees it">
          <ul>
            <li>
              Our staff, in our back office, which only signed-in staff accounts can open. Only our
              administrators can export or erase a person&rsquo;s data.
            </li>
            <li>
              The companies that run the server hosting this site and deliver our e-mail, only to provide that
              service to us.
            </li>
            <li>
              The music-streaming service whose playlist player is embedded on the home page: your browser
              loads the player from it, so it receives your IP address and may set its own cookies under its
              own privacy policy. The same holds for the social media and platform sites we link to, once you
              follow a link.
            </li>
          </ul>
          <p>We do not sell your data or share it with anyone for advertising.</p>
        </PolicySection>

        <PolicySection id="your-rights" title="A copy, corrections or erasure">
          <p>
            Write to {mail} from the e-mail address the request is about, since that is how we find your data.
            We answer within one month, as the GDPR requires.
          </p>
          <ul>
            <li>
              <strong>A copy of your data:</strong> we export everything we hold under your e-mail address as
              one file: your messages, applications, newsletter subscription and any unconfirmed sign-up, the
              record of mails we sent you, and, if you have one, your account and the contracts you are a
              party to (your own part of them).
            </li>
            <li>
              <strong>Erasure:</strong> in one step we delete your newsletter subscription, unconfirmed
              sign-ups and the record of mails sent to you, replace your name, address and text in your
              messages and applications with &ldquo;Erased on request&rdquo; (we keep only that they existed),
              and remove your address wherever else we stored it. The one exception is a contract you have
              signed: we keep the signed document for our bookkeeping and for possible legal claims, without
              your e-mail address.
            </li>
            <li>
              You may also ask us to correct what is wrong, to limit or stop using your data, and you can end
              your newsletter subscription at any time.
            </li>
          </ul>
          <p>
            If you think we handle your data wrongly, you can complain to the Swedish Authority for Privacy
            Protection,{" "}
            <ExternalLink href="https://www.imy.se/en/" showIcon={false}>
              Integritetsskyddsmyndigheten (IMY)
            </ExternalLink>
            .
          </p>
        </PolicySection>

        <PolicySection id="changes" title="Changes to this notice">
          <p>
            When what the site collects changes, we update this page and its date. The rules for using the
            site itself are in our <Link to={PUBLIC_PAGES.terms.path}>Terms of Service</Link>.
          </p>
        </PolicySection>
      </PolicyBody>
    </>
  );
}
