import type { Event } from "@app/contracts";
import { describe, expect, it } from "vitest";
import {
  eventInsertSchema,
  eventUpdateSchema,
  posterProblem,
  toEventFormValues,
  toEventPayload,
} from "./event-form";

const blank = toEventFormValues();
const issuesOf = (result: ReturnType<typeof eventInsertSchema.safeParse>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));

describe("the event form's values", () => {
  it("turns the form's text into the table's values: Stockholm time as UTC, blanks as null, numbers", () => {
    const payload = toEventPayload({
      ...blank,
      title: "  Release Night ",
      event_date: "2027-07-01T20:00",
      max_attendees: "250",
      location: " ",
      external_link: "https://example.com/release",
    });
    expect(payload).toEqual({
      published: false,
      title: "Release Night",
      description: null,
      event_date: "2027-07-01T18:00:00.000Z",
      status: "upcoming",
      location: null,
      event_type: null,
      max_attendees: 250,
      image_url: null,
      external_link: "https://example.com/release",
    });
    expect(eventInsertSchema.safeParse(payload).success).toBe(true);
  });

  it("opens an event read as past as scheduled, so a save stores what the server accepts", () => {
    const values = toEventFormValues({
      title: "Gone",
      status: "past",
      event_date: "2020-01-01T10:00:00.000Z",
    } as Event);
    expect(values.status).toBe("upcoming");
    expect(values.event_date).toBe("2020-01-01T11:00");
    expect(eventUpdateSchema.safeParse(toEventPayload(values)).success).toBe(true);
  });

  it("names each field the server's schema refuses", () => {
    const result = eventInsertSchema.safeParse(
      toEventPayload({
        ...blank,
        title: " ",
        event_date: "next friday",
        max_attendees: "-3",
        external_link: "javascript:alert(1)",
        image_url: "//elsewhere.example/poster.png",
      }),
    );
    expect(issuesOf(result)).toEqual({
      title: "Required",
      event_date: "must be an ISO-8601 timestamp",
      max_attendees: expect.stringContaining("greater than or equal to 0"),
      external_link: "must be a web address starting with https:// or http://",
      image_url: "must be a web address or a path on this site",
    });
  });

  it("refuses a stored status of past, which only the date can make", () => {
    const result = eventUpdateSchema.safeParse({ status: "past" });
    expect(issuesOf(result)).toEqual({
      status: "must be upcoming or cancelled (past follows from the event date)",
    });
  });

  it("hints at the poster bucket's rules before an upload", () => {
    expect(posterProblem({ type: "image/png", size: 1000 })).toBeNull();
    expect(posterProblem({ type: "image/gif", size: 1000 })).toBe("Choose a PNG, JPEG, WebP or AVIF image.");
    expect(posterProblem({ type: "image/webp", size: 5 * 1024 * 1024 + 1 })).toBe(
      "This image is larger than 5 MB.",
    );
  });
});
