/** Texts of the signed-in home (spec §2 home). */
export const HOME_TEXTS = {
  greeting: 'Hello Design Leader',
  intro: 'Choose a tool to begin. Your three most recent analyses are kept with the analysis tool.',
  analysisNumber: '01',
  analysisTitle: 'Design Language Analysis',
  analysisCopy: 'Upload up to 10 images of a building and receive an 88-word primary description, an expanded analysis and tags.',
  analysisCta: 'Start',
} as const;
