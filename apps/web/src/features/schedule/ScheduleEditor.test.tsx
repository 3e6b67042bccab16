import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TScheduleEntry } from '@zaryad/contracts';
import { useState } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { ScheduleEditor } from '@/features/schedule/ScheduleEditor';
import { ScheduleField } from '@/features/schedule/ScheduleField';
import { ScheduleSummary } from '@/features/schedule/ScheduleSummary';
import { changeLanguage } from '@/lib/i18n';

beforeEach(async () => {
  await changeLanguage('en');
});

const Harness = ({ onChange }: { onChange: (entries: TScheduleEntry[]) => void }) => {
  const [value, setValue] = useState<TScheduleEntry[]>([]);
  return (
    <ScheduleField
      value={value}
      onChange={(entries) => {
        setValue(entries);
        onChange(entries);
      }}
    />
  );
};

const dayGroup = (name: string) => screen.getByRole('group', { name });

test('days off, a break applied to all working days, and the summary after save', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(
    <AppProviders>
      <Harness onChange={onChange} />
    </AppProviders>,
  );
  expect(screen.getByTestId('schedule-summary').textContent).toBe('Not set');
  await user.click(screen.getByRole('button', { name: /Set the schedule/ }));
  await screen.findByText('Operating mode');

  expect(within(dayGroup('Monday')).getByTestId('hours-0').textContent).toBe('24 h');
  await user.click(within(dayGroup('Sunday')).getByRole('checkbox'));
  expect(within(dayGroup('Sunday')).getByTestId('hours-6').textContent).toBe('—');
  expect((within(dayGroup('Sunday')).getByRole('button', { name: 'Add break' }) as HTMLButtonElement).disabled).toBe(true);

  await user.click(within(dayGroup('Monday')).getByRole('button', { name: 'Add break' }));
  expect(within(dayGroup('Monday')).getByText('Break')).toBeTruthy();
  await user.click(screen.getByRole('switch', { name: 'Apply break to all working days: Monday' }));
  for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    expect(within(dayGroup(day)).getByRole('button', { name: `Remove break: ${day}` })).toBeTruthy();
  }
  expect(within(dayGroup('Sunday')).queryByText('Break')).toBeNull();

  // Adding again replaces the day's break rather than adding a second one.
  await user.click(within(dayGroup('Tuesday')).getByRole('button', { name: 'Add break' }));
  expect(within(dayGroup('Tuesday')).getAllByText('Break')).toHaveLength(1);
  await user.click(within(dayGroup('Saturday')).getByRole('button', { name: 'Remove break: Saturday' }));
  expect(within(dayGroup('Saturday')).queryByText('Break')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => {
    expect(onChange).toHaveBeenCalledTimes(1);
  });
  const saved = onChange.mock.calls[0]?.[0] as TScheduleEntry[];
  expect(saved.filter((entry) => !entry.is_break).map((entry) => entry.day)).toEqual([0, 1, 2, 3, 4, 5]);
  expect(saved.filter((entry) => entry.is_break).map((entry) => entry.day)).toEqual([0, 1, 2, 3, 4]);
  // Breaks differ between days (Saturday has none): not a standard schedule.
  expect(screen.getByTestId('schedule-summary').textContent).toBe('Not a standard work schedule');
});

test('all days at once, and a save with no working day is refused', async () => {
  const user = userEvent.setup();
  const onSave = vi.fn();
  render(
    <AppProviders>
      <ScheduleEditor open value={[]} onSave={onSave} onCancel={() => undefined} />
    </AppProviders>,
  );
  await user.click(await screen.findByRole('checkbox', { name: 'All days' }));
  expect(await screen.findByText('Indicate the operating mode')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  await user.click(screen.getByRole('checkbox', { name: 'All days' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect((onSave.mock.calls[0]?.[0] as TScheduleEntry[]).length).toBe(7);
});

test('the editor resets to the default seven days after a save', async () => {
  const user = userEvent.setup();
  const stored: TScheduleEntry[] = [{ day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }];
  const Reopen = () => {
    const [open, setOpen] = useState(true);
    const [value, setValue] = useState(stored);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          reopen
        </button>
        <ScheduleEditor
          open={open}
          value={value}
          onSave={() => {
            setOpen(false);
            setValue([]);
          }}
          onCancel={() => setOpen(false)}
        />
      </>
    );
  };
  render(
    <AppProviders>
      <Reopen />
    </AppProviders>,
  );
  await screen.findByText('Operating mode');
  expect((within(dayGroup('Tuesday')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  expect(within(dayGroup('Monday')).getByTestId('hours-0').textContent).toBe('9 h');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await user.click(screen.getByRole('button', { name: 'reopen' }));
  await waitFor(() => {
    expect((within(dayGroup('Tuesday')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
  expect(within(dayGroup('Monday')).getByTestId('hours-0').textContent).toBe('24 h');
});

test('summary texts: one range all week, days off by short name, several ranges', async () => {
  const week = (days: number[], start = '09:00:00', end = '18:00:00') =>
    days.map((day) => ({ day, start_time: start, end_time: end, is_break: false }));
  const { rerender } = render(
    <AppProviders>
      <ScheduleSummary entries={week([0, 1, 2, 3, 4, 5, 6])} />
    </AppProviders>,
  );
  expect(screen.getByTestId('schedule-summary').textContent).toBe('09:00–18:00, all week');
  rerender(
    <AppProviders>
      <ScheduleSummary
        entries={[...week([0, 1, 2, 3, 4]), ...[0, 1, 2, 3, 4].map((day) => ({ day, start_time: '13:00:00', end_time: '14:00:00', is_break: true }))]}
      />
    </AppProviders>,
  );
  expect(screen.getByTestId('schedule-summary').textContent).toBe('09:00–18:00, break 13:00–14:00, day off: Sat, Sun');
  rerender(
    <AppProviders>
      <ScheduleSummary entries={[...week([0, 1]), ...week([5], '10:00:00', '15:00:00')]} />
    </AppProviders>,
  );
  expect(screen.getByTestId('schedule-summary').textContent).toBe('Not a standard work schedule');
  await changeLanguage('ru');
  rerender(
    <AppProviders>
      <ScheduleSummary entries={week([0, 1, 2, 3, 4, 5])} />
    </AppProviders>,
  );
  expect(screen.getByTestId('schedule-summary').textContent).toBe('09:00–18:00, выходной: Вс');
});
