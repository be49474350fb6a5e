export { organizationInfoQuery, useOrganizationInfo, type OrganizationInfo } from '../../../lib/organization-info';
