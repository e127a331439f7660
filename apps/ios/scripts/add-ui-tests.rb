# Adds the AppUITests target (source in ios/App/AppUITests) to the Xcode project Capacitor generates,
# with a shared "App" scheme that runs it. Run on a Mac (the xcodeproj gem ships with CocoaPods and
# the macOS runners): `ruby apps/ios/scripts/add-ui-tests.rb`. The committed project stays as
# `cap sync ios` makes it (apps/ios/test checks that); CI adds the target to its own copy.
require 'xcodeproj'

project_path = File.expand_path('../ios/App/App.xcodeproj', __dir__)
project = Xcodeproj::Project.open(project_path)
app = project.targets.find { |t| t.name == 'App' } or abort('no App target')
abort('AppUITests is already there') if project.targets.any? { |t| t.name == 'AppUITests' }

tests = project.new_target(:ui_test_bundle, 'AppUITests', :ios, '15.0')
group = project.main_group.find_subpath('AppUITests', true)
group.set_source_tree('<group>')
group.set_path('AppUITests')
tests.add_file_references([group.new_reference('AppUITests.swift')])
tests.add_dependency(app)
tests.build_configurations.each do |config|
  config.build_settings['TEST_TARGET_NAME'] = 'App'
  config.build_settings['PRODUCT_BUNDLE_IDENTIFIER'] = 'app.vere.ios.uitests'
  config.build_settings['GENERATE_INFOPLIST_FILE'] = 'YES'
  config.build_settings['SWIFT_VERSION'] = '5.0'
  config.build_settings['TARGETED_DEVICE_FAMILY'] = '1'
  config.build_settings['CODE_SIGNING_ALLOWED'] = 'NO'
end
project.save

scheme = Xcodeproj::XCScheme.new
scheme.configure_with_targets(app, tests, launch_target: true)
scheme.save_as(project_path, 'App', true)
puts "AppUITests added to #{project_path}"
