import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

/** The charges list stood in by the URL it was opened at, for a test to read its filters. */
const Where = () => {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
};

/** Renders `element` at `/` beside the charges list (`/chargers-list`), where a click on a chart's bar leads. */
export const renderWithChargesList = (element: ReactNode) => {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/chargers-list', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};
