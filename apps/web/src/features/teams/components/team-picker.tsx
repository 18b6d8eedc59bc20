/** The context team picker of SPEC.md §4 (people and teams issue). */
export const TeamPicker = () => null;
