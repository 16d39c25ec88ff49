/**
 * What other modules and the app may use of the employees module: what an employee may do now
 * (docs/back-office-people.md "Roles and permissions").
 */
export { employeeGrantsOf } from './job-title-permissions.service.js';
