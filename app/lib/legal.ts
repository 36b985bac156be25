/** A legal page (terms, privacy, cookies) as the server translates it and the page renders it. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocumentContent {
  title: string;
  lead: string;
  updated: string;
  sections: LegalSection[];
}
