import { describe, expect, it } from 'vitest';
import { buildTask } from '../../../../test/factories';
import { addDays, groupMyTasks } from './group-my-tasks';

describe('groupMyTasks ("Mis tareas")', () => {
  const today = '2026-03-10';
  const task = (id: string, dueDate: string | null, status: 'todo' | 'done' = 'todo') =>
    buildTask({ _id: `00000000-0000-4000-8000-00000000000${id}`, title: id, dueDate, status });

  it('puts past days in overdue, today in today, the next six days in this week and the rest later', () => {
    const groups = groupMyTasks(
      [
        task('1', '2026-03-09'),
        task('2', '2026-03-10'),
        task('3', '2026-03-11'),
        task('4', '2026-03-16'),
        task('5', '2026-03-17'),
        task('6', null),
        task('7', '2026-02-01', 'done'),
      ],
      today,
    );
    const titles = (key: keyof typeof groups) => groups[key].map((t) => t.title);
    expect(titles('overdue')).toEqual(['1']);
    expect(titles('today')).toEqual(['2']);
    expect(titles('week')).toEqual(['3', '4']);
    expect(titles('later')).toEqual(['5', '6']);
  });

  it('adds days across a month end and a leap day', () => {
    expect(addDays('2026-03-28', 6)).toBe('2026-04-03');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
  });
});
