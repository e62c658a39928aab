/**
 * Public entry of the tasks feature (decision 165): the project's "Tareas" tab, the dashboard's
 * card and the calendar's task layer query; other features import only this file.
 */
export { useCalendarTasks, usePrefetchProjectTasks } from './api/get-tasks';
export { DashboardMyTasks } from './components/dashboard-my-tasks';
export { ProjectTasksTab } from './pages/project-tasks-tab';
