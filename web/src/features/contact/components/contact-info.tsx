import { Mail, MapPin, Phone } from "lucide-react";
import { ExternalLink } from "@/components/layout/external-link";
import { SocialIcon } from "@/components/layout/social-icon";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PLATFORM, SITE, SOCIAL_LINKS } from "@/config/site";

export function ContactInfo() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Reach us</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <div>
              <dt className="flex items-center gap-3 text-sm text-muted-foreground">
                <Mail className="size-5 text-primary" aria-hidden="true" />
                Email
              </dt>
              <dd className="pl-8">
                <a href={`mailto:${SITE.email}`} className="hover:text-primary hover:underline">
                  {SITE.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-3 text-sm text-muted-foreground">
                <Phone className="size-5 text-primary" aria-hidden="true" />
                Phone
              </dt>
              <dd className="pl-8">
                <a
                  href={`tel:${SITE.phone.replace(/\s/g, "")}`}
                  className="hover:text-primary hover:underline"
                >
                  {SITE.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-3 text-sm text-muted-foreground">
                <MapPin className="size-5 text-primary" aria-hidden="true" />
                Location
              </dt>
              <dd className="pl-8">{SITE.city}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Follow and collaborate</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-2">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <ExternalLink
                  href={social.href}
                  showIcon={false}
                  className="gap-2 hover:text-primary hover:underline"
                >
                  <SocialIcon label={social.label} className="size-4" />
                  {social.label}
                </ExternalLink>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{PLATFORM.description}</p>
          <ExternalLink href={PLATFORM.url} className="font-semibold text-primary hover:underline">
            Open {PLATFORM.name}
          </ExternalLink>
        </CardContent>
      </Card>
    </div>
  );
}
