import { createWebpackConfig } from '../webpack.config.base';

// One exposed module per page this remote owns (see @app/shared's page registry).
export default createWebpackConfig({
  name: 'remoteAccount',
  dir: __dirname,
  devPort: 3002,
  exposes: {
    './Mine': './src/pages/mine/mine-page.tsx',
    './Profile': './src/pages/profile/profile-page.tsx',
    './ChangePassword': './src/pages/change-password/change-password-page.tsx',
    './PointsRecord': './src/pages/points-record/points-record-page.tsx',
    './ExchangeRecords': './src/pages/exchange-records/exchange-records-page.tsx',
    './About': './src/pages/about/about-page.tsx',
    './CloseAccount': './src/pages/close-account/close-account-page.tsx',
    './ExportData': './src/pages/export-data/export-data-page.tsx',
  },
});
