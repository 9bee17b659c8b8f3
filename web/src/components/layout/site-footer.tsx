import { PUBLIC_PAGE_PATHS } from "@app/contracts";
import { Link } from "react-router-dom";
import { ExternalLink } from "@/components/layout/external-link";
import { SocialIcon } from "@/components/layout/social-icon";
import { NAV_LINKS, PLATFORM, SITE, SOCIAL_LINKS } from "@/config/site";

const QUICK_LINKS = NAV_LINKS.filter((link) => link.to !== "/");

export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3 lg:col-span-2">
          <p className="text-lg font-bold">{SITE.name}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{SITE.tagline}</p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} (opens in a new tab)`}
                  className="grid size-10 place-items-center rounded-md border text-zinc-300 hover:bg-accent hover:text-primary"
                >
                  <SocialIcon label={social.label} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide uppercase">Quick Links</h2>
          <ul className="grid gap-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide uppercase">Platform</h2>
          <p className="mb-3 text-sm text-muted-foreground">{PLATFORM.description}</p>
          <ExternalLink href={PLATFORM.url} className="text-sm font-medium text-primary hover:underline">
            Visit {PLATFORM.name}
          </ExternalLink>
        </div>
      </div>

      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {SITE.copyrightYear} {SITE.name}. All rights reserved.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to={PUBLIC_PAGE_PATHS.privacy} className="hover:text-foreground">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={PUBLIC_PAGE_PATHS.terms} className="hover:text-foreground">
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
