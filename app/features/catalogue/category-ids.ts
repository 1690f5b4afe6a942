/**
 * The categories the shop's own pages, links and menus are built on. The ids are part of the spec
 * (8, 16, 164) or agreed with the rest of the team (17 Reiniging, 18 Smering); the demo seed creates
 * them with these ids, and URLs such as /products?cat=17 carry them, so they never change.
 */
export const CATEGORY_IDS = {
  /** Fietsonderdelen: the /fietsonderdelen page. */
  bicycleParts: 8,
  /** Onderhoud: the /onderhoud page. */
  maintenance: 16,
  /** Reiniging, under Onderhoud: the /reiniging carousel link. */
  cleaning: 17,
  /** Smering, under Onderhoud: the /smering carousel link. */
  lubrication: 18,
  /** Sportvoeding: the /sportvoeding page. */
  sportsNutrition: 164,
} as const;
