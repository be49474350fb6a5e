// Who scans (a door device signed in for an organisation) and what one scan hands in: the words the online and
// offline judges of a scan share.
export interface Scanner {
  organizationId: string;
  userId: string;
  userName: string;
  deviceId: string;
}

export interface ScanInput {
  payload?: string | undefined;
  code?: string | undefined;
  scannedAt: Date;
  clientId: string | null;
  method: 'scan' | 'search' | 'offline' | 'door';
}
