/**
 * What Critica does and what happens to a visitor's data, for the first screen a new user sees (sign-up with no
 * account yet, and sign-in). `modelConfigured`: whether questions also go to a language model (OPENAI_API_KEY is
 * set), which the text then says.
 */
export function AboutCritica({ modelConfigured }: { modelConfigured: boolean }) {
  const model = modelConfigured ? ", and your question to the language model this server is set up with" : "";
  return (
    <p className="text-base" data-testid="about-critica">
      Critica searches the biomedical literature and trial registries for your question, weighs the evidence and writes
      a report in which every reference is a record it retrieved. Your questions and reports stay in this server&apos;s
      database; only search terms go to the sources you tick (PubMed, Europe PMC, ClinicalTrials.gov)
      {`${model}.`}
    </p>
  );
}
