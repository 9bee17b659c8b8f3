import { PUBLIC_PAGES } from "@app/contracts";
import { PageHeader } from "@/components/layout/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ContactForm } from "@/features/contact/components/contact-form";
import { ContactInfo } from "@/features/contact/components/contact-info";
import { NewsletterForm } from "@/features/contact/components/newsletter-form";
import { NewsletterOutcome } from "@/features/contact/components/newsletter-outcome";
import { usePublicPageMeta } from "@/lib/use-document-title";

export function ContactPage() {
  usePublicPageMeta(PUBLIC_PAGES.contact);
  return (
    <>
      <PageHeader eyebrow="Contact" title="Let's make something together">
        Bookings, releases, partnerships or investment: tell us what you have in mind.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-[2fr_1fr]">
        <div className="empty:hidden lg:col-span-2">
          <NewsletterOutcome />
        </div>
        <Tabs defaultValue="form">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="form">Contact Form</TabsTrigger>
            <TabsTrigger value="info">Contact Info</TabsTrigger>
          </TabsList>
          <TabsContent value="form" forceMount className="data-[state=inactive]:hidden">
            <Card>
              <CardHeader>
                <CardTitle as="h2">Send us a message</CardTitle>
                <CardDescription>All fields are required.</CardDescription>
              </CardHeader>
              <CardContent>
                <ContactForm />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="info">
            <ContactInfo />
          </TabsContent>
        </Tabs>

        <aside aria-labelledby="newsletter-heading" className="lg:mt-17">
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="newsletter-heading">
                Newsletter
              </CardTitle>
              <CardDescription>New releases, events and studio news, about once a month.</CardDescription>
            </CardHeader>
            <CardContent>
              <NewsletterForm />
            </CardContent>
          </Card>
        </aside>
      </div>
    </>
  );
}
