import type { ModePresentation } from "@/components/modes/presentation";
import { researchDescription } from "@/lib/research/description";
import { ResearchForm } from "./form";
import { ResearchResults } from "./results";

/**
 * How a research run looks: "Research a question" on the home page, its report, its hypotheses and judge scores
 * in the timeline (its report versions: version.tsx). Its follow-ups (one more iteration of the run: its
 * continuation) are drawn by the conversation (components/chat).
 */
export const researchPresentation: ModePresentation = {
  mode: researchDescription,
  choice: { key: "research", label: "Research a question" },
  Form: ResearchForm,
  Results: ResearchResults,
  badge: null,
};
