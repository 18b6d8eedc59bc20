/** The context plan picker of SPEC.md §4 (plans and budget issue). */
export const PlanPicker = () => null;
