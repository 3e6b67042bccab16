/** The same server as TEST_DATABASE_URL, another database on it. */
export const databaseUrlFor = (baseUrl: string, database: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

export const TEMPLATE_DATABASE = 'zaryad_test_template';
