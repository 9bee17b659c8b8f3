/** Addresses on this domain get the staff role once confirmed (STAFF_EMAIL_DOMAINS of the e2e servers). */
export const E2E_STAFF_DOMAIN = "staff.example.com";
