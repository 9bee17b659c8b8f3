export const OPPORTUNITIES = [
  {
    role: "Music Producers",
    text: "Produce and co-write for our roster and label releases across pop, R&B and electronic.",
    requirements: [
      "A catalogue of released or release-ready productions",
      "Fluent in a major DAW (Logic, Ableton or Pro Tools)",
      "Comfortable leading a co-writing session",
    ],
  },
  {
    role: "Visual Artists",
    text: "Shape how our artists look: covers, videos, stage visuals and social content.",
    requirements: [
      "A portfolio of music-related visual work",
      "Experience with motion, photo or 3D tools",
      "Able to deliver to release deadlines",
    ],
  },
  {
    role: "Event Coordinators",
    text: "Plan and run launches, showcases and festival days from booking to load-out.",
    requirements: [
      "Two or more years of live event experience",
      "Calm with budgets, suppliers and run sheets",
      "Available evenings and weekends around shows",
    ],
  },
  {
    role: "Audio Engineers",
    text: "Record, mix and master in our studios and run front-of-house at our events.",
    requirements: [
      "Studio tracking and mixing experience",
      "Live sound experience on analogue and digital desks",
      "A careful ear and tidy session management",
    ],
  },
] as const;

export const ROLE_OPTIONS = [...OPPORTUNITIES.map((opportunity) => opportunity.role), "Other"] as const;
