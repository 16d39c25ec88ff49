import { lazyAreaPage, type AreaPageEntry } from './types';

const people = () => import('../../areas/back-office/people');

/**
 * The back office's people pages (issue 7 items 1, 5, 7, 8; docs/back-office-people.md):
 * customers, customer requests, employees and the audit trail, and the employee's home.
 */
export const PAGES: AreaPageEntry[] = [
  { path: '/createCustomer', roles: ['admin'], Page: lazyAreaPage(people, 'CreateCustomerPage') },
  { path: '/TotalCustomer', roles: ['admin'], Page: lazyAreaPage(people, 'AdminCustomerListPage') },
  {
    path: '/customerRequests',
    roles: ['admin'],
    Page: lazyAreaPage(people, 'CustomerRequestsPage'),
  },
  { path: '/createEmployess', roles: ['admin'], Page: lazyAreaPage(people, 'CreateEmployeePage') },
  { path: '/viewEmployees', roles: ['admin'], Page: lazyAreaPage(people, 'EmployeeListPage') },
  { path: '/auditTrail', roles: ['admin'], Page: lazyAreaPage(people, 'AuditTrailPage') },
  { path: '/employeeHome', roles: ['employee'], Page: lazyAreaPage(people, 'EmployeeHomePage') },
  { path: '/createRequest', roles: ['employee'], Page: lazyAreaPage(people, 'CreateRequestPage') },
  {
    path: '/employeeTotalCustomer',
    roles: ['employee'],
    Page: lazyAreaPage(people, 'EmployeeCustomerListPage'),
  },
];
