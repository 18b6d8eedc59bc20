/** Fixed ids of the demo tenant (DESIGN.md §8), so every seed part can refer to the others. */
export const DEMO = {
  tenantId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0a01',
  password: 'plansmith-demo-2026',
  users: {
    owner: { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b01', email: 'demo@plansmith.test', firstName: 'Dana', lastName: 'Demo', role: 'owner' },
    admin: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b02',
      email: 'admin@plansmith.test',
      firstName: 'Avery',
      lastName: 'Admin',
      role: 'admin',
    },
    member: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b03',
      email: 'member@plansmith.test',
      firstName: 'Morgan',
      lastName: 'Member',
      role: 'member',
    },
    viewer: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b04',
      email: 'viewer@plansmith.test',
      firstName: 'Vic',
      lastName: 'Viewer',
      role: 'member',
    },
  },
  teams: {
    brand: { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c01', name: 'Brand & Content' },
    demandGen: { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c02', name: 'Demand Generation' },
  },
} as const;
