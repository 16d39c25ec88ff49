/** The back office's people pages, loaded as one lazy chunk (app/area-pages.ts). */
export { AuditTrailPage } from './audit-trail-page';
export { CreateCustomerPage } from './create-customer-page';
export { CreateEmployeePage } from './create-employee-page';
export { CreateRequestPage } from './create-request-page';
export { AdminCustomerListPage, EmployeeCustomerListPage } from './customer-list-page';
export { CustomerRequestsPage } from './customer-requests-page';
export { EmployeeHomePage } from './employee-home-page';
export { EmployeeListPage } from './employee-list-page';
export { DeliveryStaffPage } from './delivery-staff-page';
export { ShopListPage } from './shop-list-page';
export { CancelRequestsPage } from './cancel-requests-page';
export { EmployeePermissionsPage } from './employee-permissions-page';
