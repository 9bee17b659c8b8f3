import type { z } from "zod";
import { eventsTable } from "./tables/events.table";

/** An event as the data API answers it (the `events` table's row). */
export const eventSchema = eventsTable.row;
export type Event = z.infer<typeof eventSchema>;
export const eventColumns = eventsTable.columnNames;
