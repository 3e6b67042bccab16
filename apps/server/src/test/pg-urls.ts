/** The same server as TEST_DATABASE_URL, another database on it. */
export const databaseUrlFor = (baseUrl: string, database: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** TEST_TEMPLATE_DATABASE gives a run a template of its own (two runs on one server must not drop each other's). */
export const TEMPLATE_DATABASE = process.env.TEST_TEMPLATE_DATABASE || 'zaryad_test_template';
