/** A valid seller (company settings) for the invoice tests: its VAT number is its organisation number's. */
export const SELLER = {
  name: "Stockholm Songwriters AB",
  street_address: "Hornsgatan 1",
  postal_code: "118 20",
  city: "Stockholm",
  org_number: "556047-3521",
  vat_number: "SE556047352101",
  bankgiro: "160-9908",
  email: "faktura@example.se",
  phone: "08-123 456 78",
  website: "https://example.se/",
};
