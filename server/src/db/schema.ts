import type { Generated, Insertable, Selectable } from "kysely";

/** JSON arrays and objects are stored as TEXT; booleans as 0/1. */
export interface EventTable {
  id: string;
  title: string;
  description: string | null;
  event_date: string | null;
  status: string;
  location: string | null;
  event_type: string | null;
  max_attendees: number | null;
  image_url: string | null;
  external_link: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
export type EventRow = Selectable<EventTable>;
export type NewEventRow = Insertable<EventTable>;

export interface CrmContactTable {
  id: string;
  first_name: string;
  last_name: string;
  stage_name: string | null;
  roles: string;
  genres: string;
  languages: string;
  location: string | null;
  email: string | null;
  reliability_score: number | null;
  strengths: string;
  notes: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
export type CrmContactRow = Selectable<CrmContactTable>;
export type NewCrmContactRow = Insertable<CrmContactTable>;

interface Handling {
  handled_at: string | null;
  created_at: Generated<string>;
}

export interface ApplicationTable extends Handling {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  portfolio: string | null;
  experience: string;
  vision: string;
  ip_hash: string | null;
}

export interface ContactMessageTable extends Handling {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip_hash: string | null;
}

export interface NewsletterSubscriptionTable extends Handling {
  id: string;
  email: string;
  interest_releases: number;
  interest_events: number;
  interest_behind_the_scenes: number;
  interest_platform: number;
  updated_at: Generated<string>;
}

export interface Tables {
  events: EventTable;
  crm_contacts: CrmContactTable;
  applications: ApplicationTable;
  contact_messages: ContactMessageTable;
  newsletter_subscriptions: NewsletterSubscriptionTable;
}
